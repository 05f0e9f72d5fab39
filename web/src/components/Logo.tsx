import { Box } from '@mui/material';

/** The Asbuilt mark: a building outline in a rounded square. */
export function LogoMark({ size = 36, inverted = false }: { size?: number; inverted?: boolean }) {
  const fg = inverted ? 'primary.main' : 'common.white';
  const bg = inverted ? 'common.white' : 'primary.main';
  return (
    <Box
      component="span"
      sx={{
        width: size,
        height: size,
        borderRadius: `${Math.round(size / 4.5)}px`,
        bgcolor: bg,
        color: fg,
        display: 'inline-grid',
        placeItems: 'center',
        flexShrink: 0,
      }}
    >
      <svg width={size * 0.62} height={size * 0.62} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 21V9l9-6 9 6v12h-6v-8H9v8z" fill="currentColor" />
      </svg>
    </Box>
  );
}
