/**
 * The first thing a keyboard reaches on every signed-in page: a link past the header and the
 * sidebar to the page's content, shown only while it has the focus (WCAG 2.4.1).
 */
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Moves the focus too, so the next Tab goes on from the content (not only the scroll).
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: `2px solid ${theme.palette.primary.main}` },
      })}
    >
      {t('skip_to_content')}
    </Box>
  );
}
