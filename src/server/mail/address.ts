/**
 * E-mail addresses as the mail code accepts them (docs/design.md#notifications): a dot-atom local
 * part (RFC 5322 atext, plus any non-ASCII letter for SMTPUTF8 relays) `@` a host name. Quoted
 * local parts and address literals are refused: no account of ours has one, and each is a way to
 * smuggle `<`, `>`, spaces or line breaks into an SMTP command or a header.
 */
import { domainToASCII } from 'node:url';

/** RFC 5321 §4.5.3.1: the longest local part and the longest address path. */
const LOCAL_PART_MAX = 64;
const ADDRESS_MAX = 254;
/** atext of RFC 5322 §3.2.3, and (RFC 6532) any character past ASCII but the controls and separators. */
const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u00a0-\u{10ffff}-]+$/u;
const FORBIDDEN_UNICODE = /[\u0080-\u009f\u2028\u2029\ufeff]/u;
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/**
 * The address in the form to send (the domain in ASCII, punycode for an internationalized one),
 * or `null` when it is not an address we send to.
 */
export function normalizeAddress(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || address.length > ADDRESS_MAX * 4) return null;
  const local = address.slice(0, at);
  const domain = domainToASCII(address.slice(at + 1));
  if (Buffer.byteLength(local) > LOCAL_PART_MAX || !isDotAtom(local) || !isHostName(domain)) return null;
  const normalized = `${local}@${domain}`;
  return Buffer.byteLength(normalized) <= ADDRESS_MAX ? normalized : null;
}

/** True for an address `normalizeAddress` accepts. */
export const isValidAddress = (address: string): boolean => normalizeAddress(address) !== null;

/** True when the address needs a relay that offers SMTPUTF8 (a non-ASCII local part). */
export const needsSmtpUtf8 = (address: string): boolean => /[^\x00-\x7f]/.test(address);

function isDotAtom(text: string): boolean {
  return !FORBIDDEN_UNICODE.test(text) && text.split('.').every((atom) => ATOM.test(atom));
}

/** A host name in ASCII; one label is enough (`helpdesk@intranet`, the default sender on a host named so). */
export function isHostName(domain: string): boolean {
  return domain.length <= 253 && domain.split('.').every((label) => LABEL.test(label));
}

/**
 * A mailbox written as people write one (`MAIL_FROM`): `Helpdesk <helpdesk@example.com>`,
 * `"Help, desk" <helpdesk@example.com>` or a bare address; `null` when it is none of these.
 */
export function parseMailbox(text: string): { address: string; name?: string } | null {
  const match = /^\s*(?:"((?:[^"\\\r\n]|\\.)*)"|([^<>"\r\n]*?))\s*<([^<>\s]+)>\s*$/.exec(text);
  const address = match ? match[3]! : text.trim();
  if (!isValidAddress(address)) return null;
  const name = (match?.[1]?.replace(/\\(.)/g, '$1') ?? match?.[2] ?? '').trim();
  return name ? { address, name } : { address };
}
