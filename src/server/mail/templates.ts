/**
 * The notification e-mail (docs/design.md#notifications), rendered from an outbox row's payload at
 * send time: subject `[TCK-000042] Title`, the change in one sentence, the comment quoted, a
 * button-style link to the ticket's page for the recipient's role, and a footer linking to the
 * preferences. The HTML is tables with inline styles and nothing external (Outlook's Word engine
 * ignores <style> blocks, margins on divs and most CSS; Thunderbird blocks remote images), and every
 * piece of user text in it is escaped.
 */
import type { Role } from '../../shared/constants.ts';
import { MAIL_TEXT } from '../../shared/mail.ts';
import type { MailPayload } from '../../shared/notifications.ts';
import { preferencesPath, ticketPagePath } from '../../shared/pages.ts';

const FONT = "'Segoe UI', Helvetica, Arial, sans-serif";
const COLOR = { page: '#f3f4f6', card: '#ffffff', border: '#d9dde3', text: '#1f2933', muted: '#5f6b7a', quote: '#f7f8fa', bar: '#c3cad3', button: '#1d5fbf' };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
/** Escaped, line breaks as <br> (Outlook ignores white-space: pre-wrap). */
const htmlLines = (text: string) => escapeHtml(text.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>\n');
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `[TCK-000042] Printer on fire`: the title as written; message.ts encodes it and turns line breaks into spaces. */
export const ticketSubject = (ticket: { number: string; title: string }) => `[${ticket.number}] ${ticket.title}`;

export function renderTicketMail(payload: MailPayload, recipientRole: Role, publicUrl: string): RenderedMail {
  const { ticket } = payload;
  const link = publicUrl + ticketPagePath(recipientRole, ticket.number);
  const preferences = publicUrl + preferencesPath(recipientRole);
  const facts = MAIL_TEXT.facts(capitalized(ticket.status), capitalized(ticket.priority));
  const sentence = `${payload.sentence}.`;
  const quoted = payload.comment === null ? [] : ['', ...payload.comment.replace(/\r\n?/g, '\n').split('\n').map((line) => `> ${line}`.trimEnd())];
  const text = [
    sentence,
    ...quoted,
    '',
    facts,
    '',
    `${MAIL_TEXT.open(ticket.number)}: ${link}`,
    '',
    '-- ',
    MAIL_TEXT.because(payload.reason),
    `${MAIL_TEXT.preferences}: ${preferences}`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(sentence), `font-size:16px;line-height:24px;color:${COLOR.text};`),
    payload.comment === null ? '' : quote(payload.comment),
    paragraph(escapeHtml(facts), `font-size:13px;line-height:20px;color:${COLOR.muted};`),
    button(link, MAIL_TEXT.open(ticket.number)),
  ].join('\n');
  const footer = `${escapeHtml(MAIL_TEXT.because(payload.reason))} <a href="${escapeHtml(preferences)}" style="color:${COLOR.muted};text-decoration:underline;">${escapeHtml(MAIL_TEXT.preferences)}</a>.`;
  const subject = ticketSubject(ticket);
  return { subject, text, html: page(subject, body, footer) };
}

export function renderTestMail(publicUrl: string): RenderedMail {
  const text = `${MAIL_TEXT.testBody}\n\n${publicUrl}\n`;
  const body = [paragraph(escapeHtml(MAIL_TEXT.testBody), `font-size:16px;line-height:24px;color:${COLOR.text};`), button(publicUrl, 'Open the helpdesk')].join('\n');
  return { subject: MAIL_TEXT.testSubject, text, html: page(MAIL_TEXT.testSubject, body, '') };
}

const paragraph = (html: string, style: string) =>
  `<p style="margin:0 0 16px 0;font-family:${FONT};${style}">${html}</p>`;

function quote(comment: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;border-collapse:collapse;">
<tr><td style="border-left:4px solid ${COLOR.bar};background:${COLOR.quote};padding:10px 14px;font-family:${FONT};font-size:15px;line-height:22px;color:${COLOR.text};">${htmlLines(comment)}</td></tr>
</table>`;
}

/** A link that looks like a button in every client: a coloured cell around a padded link (bulletproof button). */
function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 0 0;">
<tr><td bgcolor="${COLOR.button}" style="background:${COLOR.button};border-radius:4px;">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 20px;font-family:${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px;">${escapeHtml(label)}</a>
</td></tr>
</table>`;
}

function page(title: string, body: string, footer: string): string {
  const footerRow = footer
    ? `<tr><td style="padding:16px 24px;border-top:1px solid ${COLOR.border};font-family:${FONT};font-size:12px;line-height:18px;color:${COLOR.muted};">${footer}</td></tr>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOR.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.page}" style="background:${COLOR.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.card}" style="width:100%;max-width:600px;background:${COLOR.card};border:1px solid ${COLOR.border};">
<tr><td style="padding:24px;">
${body}
</td></tr>
${footerRow}
</table>
</td></tr>
</table>
</body>
</html>
`;
}
