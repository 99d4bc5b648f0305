/**
 * The top of a ticket's page (docs/design.md#ticket-page): its number once, its title, then what
 * was asked (the description, the link, the image). Its fields and actions are in TicketPanel.
 */
import type { Ticket } from '../../../../shared/types.ts';
import { isSafeLink } from '../../../../shared/format.ts';
import { TicketImage } from './TicketImage.tsx';
import panel from '../../../components/Panel.module.css';
import styles from './TicketInfo.module.css';

/** Only inline images may be shown; anything else in the field is ignored. */
const IMAGE_PREFIX = 'data:image/';

function TicketLink({ link }: { link: string }) {
  if (!isSafeLink(link)) return <span className={styles.break}>{link}</span>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={styles.break}>
      {link}
    </a>
  );
}

export function TicketInfo({ ticket }: { ticket: Ticket }) {
  const image = ticket.image?.startsWith(IMAGE_PREFIX) ? ticket.image : null;
  return (
    <section className={`${panel.panel} ${styles.summary}`} aria-labelledby="ticket-title">
      <header className={styles.heading}>
        <span className={styles.number}>{ticket.number}</span>
        <h1 id="ticket-title" className={styles.title}>
          {ticket.title}
        </h1>
      </header>
      <p className={styles.description}>{ticket.description}</p>
      {ticket.link && (
        <p className={styles.link}>
          <span className={styles.label}>Link</span> <TicketLink link={ticket.link} />
        </p>
      )}
      {(image || ticket.has_image) && (
        <div className={styles.attachment}>
          <TicketImage number={ticket.number} inline={image} hasImage={ticket.has_image} />
        </div>
      )}
    </section>
  );
}
