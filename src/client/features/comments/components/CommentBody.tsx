/** A comment's text: line breaks kept (CSS), and only http/https addresses made into links. */
import { isSafeLink } from '../../../../shared/format.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]]+$/;

export function CommentBody({ text, className }: { text: string; className?: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className={className}>
      {parts.map((part, i) => {
        if (i % 2 === 0) return part;
        const tail = TRAILING.exec(part)?.[0] ?? '';
        const link = tail ? part.slice(0, -tail.length) : part;
        if (!isSafeLink(link)) return part;
        return (
          <span key={i}>
            <a href={link} target="_blank" rel="noopener noreferrer">
              {link}
            </a>
            {tail}
          </span>
        );
      })}
    </p>
  );
}
