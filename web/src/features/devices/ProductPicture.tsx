/**
 * A product's picture in a rounded square, or a picture icon where it has none or it fails to
 * load. Drawn by productPicture.css to look as MUI's rounded Avatar, which it was: the devices page
 * shows one in each of the thirty rows on screen (bench/devices-page.ts).
 */
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import './productPicture.css';

// MUI's ImageOutlined icon.
const PICTURE =
  'M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-4.86 8.86-3 3.87L9 13.14 6 17h12z';

export function ProductPicture({ src, size = 36 }: { src: string | null; size?: number }) {
  const theme = useTheme();
  const [failed, setFailed] = useState(false);
  return (
    <span
      className="product-picture"
      style={{
        width: size,
        height: size,
        borderRadius: theme.shape.borderRadius,
        backgroundColor: theme.palette.grey[100],
        color: theme.palette.text.disabled,
      }}
    >
      {src && !failed ? (
        <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={PICTURE} />
        </svg>
      )}
    </span>
  );
}
