/** The pictures of the current view in a lightbox: zoom, thumbnails, captions, keys and swipes. */
import type { AttachmentDto } from '@asbuilt/domain';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';

export function Gallery({
  pictures,
  index,
  onClose,
}: {
  pictures: AttachmentDto[];
  /** The picture shown first; null: closed. */
  index: number | null;
  onClose: () => void;
}) {
  return (
    <Lightbox
      open={index !== null}
      index={index ?? 0}
      close={onClose}
      plugins={[Zoom, Thumbnails, Captions]}
      carousel={{ finite: pictures.length < 3 }}
      slides={pictures.map((picture) => ({
        src: picture.preview_url ?? picture.url,
        alt: picture.filename,
        title: picture.filename,
        description: picture.linked.name,
        download: picture.download_url,
      }))}
    />
  );
}
