import { MailboxResponse } from '../mail.ts';
import { endpoint } from './define.ts';

export const mailEndpoints = {
  mailbox: endpoint({ method: 'GET', path: '/dev/mailbox', response: MailboxResponse }),
};
