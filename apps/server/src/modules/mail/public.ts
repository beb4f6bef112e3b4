/**
 * What the mail module offers other modules (docs/decisions/004): a message put in the outbox in
 * the transaction of the change that causes it, a notice only for whom wants it. Sending is the job queue's (server.ts starts it).
 * Its words are in the recipient's language (mail-words.ts, issue 29).
 */
export { type Notice, type OutgoingMail, queueMail, queueNotice } from './mail.outbox.ts';
export { dispatchMail, settle } from './mail.dispatch.ts';
export { type Language, longDate, mailDate, mailText, recipientLanguage } from './mail-words.ts';
