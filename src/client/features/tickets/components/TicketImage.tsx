/**
 * A ticket's attachment: a thumbnail that opens a viewer dialog (Escape closes it and focus
 * returns to the thumbnail). The image comes from GET /tickets/{number}/image as a Blob, with the
 * token in the header. It is shown as a data URL read from that Blob: the server's
 * Content-Security-Policy allows `img-src 'self' data:` but not `blob:`, so an object URL would not
 * load; a data URL also has nothing to revoke. The inline data URL of the detail answer is the
 * fallback when the read fails.
 */
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog.tsx';
import { useQuery } from '../../../lib/query.ts';
import { requestBlob } from '../../../lib/request.ts';
import { GROUPS } from '../../../lib/useChange.ts';
import styles from './TicketInfo.module.css';

/** Under the ticket's detail key, so an edit (and its live event) refreshes the image too. */
function useTicketImage(number: string, enabled: boolean) {
  return useQuery([...GROUPS.singletickets, number, 'image'], () => requestBlob(`/tickets/${encodeURIComponent(number)}/image`, 'image/*'), { enabled });
}

/** The blob as a data URL (allowed by the page's CSP); a read overtaken by a newer blob is dropped. */
function useDataUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setUrl(reader.result);
    };
    reader.readAsDataURL(blob);
    return () => {
      current = false;
      if (reader.readyState === FileReader.LOADING) reader.abort();
    };
  }, [blob]);
  return url;
}

export function TicketImage({ number, inline, hasImage }: { number: string; inline: string | null; hasImage: boolean }) {
  const image = useTicketImage(number, hasImage || inline !== null);
  const url = useDataUrl(image.data);
  const [open, setOpen] = useState(false);
  const src = url ?? (image.error || !hasImage ? inline : null);
  if (!src) return null;
  const alt = `Attachment of ${number}`;
  return (
    <>
      <button type="button" className={styles.thumb} onClick={() => setOpen(true)} aria-haspopup="dialog" title="Open the attachment">
        <img src={src} alt={alt} className={styles.image} />
      </button>
      <Dialog open={open} title={alt} onClose={() => setOpen(false)} wide>
        <img src={src} alt={`${alt}, full size`} className={styles.viewerImage} />
      </Dialog>
    </>
  );
}
