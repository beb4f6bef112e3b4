import { z } from 'zod';

/** A message of the outbox, as the development mailbox shows it (DOMAIN.md, Email). */
export const MailMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'kept']),
  attempts: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailMessage = z.infer<typeof MailMessage>;
export const MailboxResponse = z.object({ messages: z.array(MailMessage) });
export type MailboxResponse = z.infer<typeof MailboxResponse>;
