/**
 * A ticket's attachment: a thumbnail that opens a viewer dialog (Escape closes it and focus
 * returns to the thumbnail). The image comes from GET /tickets/{number}/image as a Blob, with the
 * token in the header, and is shown through an object URL revoked when no longer shown; the
 * inline data URL of the detail answer is the fallback when that read fails.
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

/** An object URL for the blob while it is shown; revoked when the blob changes or the screen leaves. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

export function TicketImage({ number, inline, hasImage }: { number: string; inline: string | null; hasImage: boolean }) {
  const image = useTicketImage(number, hasImage || inline !== null);
  const url = useObjectUrl(image.data);
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
