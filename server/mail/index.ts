export { createMailer, FileMailer, SmtpMailer, mailDir, type Mailer, type MailMessage, type StoredMail } from './mailer.ts';
export { createDevMailApp } from './dev.ts';
export { approvalMail, confirmationMail, recoveryMail, senderName } from './templates.ts';
