/** The "Datasheet" link of a product: opens the PDF the server signed, saved under its own name. */
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function DatasheetLink({
  url,
  name,
  sx,
}: {
  url: string | null | undefined;
  name: string | null | undefined;
  sx?: object;
}) {
  const { t } = useTranslation('products');
  if (!url) return null;
  return (
    <Button
      size="small"
      component="a"
      href={url}
      download={name ?? true}
      target="_blank"
      rel="noopener"
      startIcon={<PictureAsPdfOutlinedIcon />}
      title={name ?? undefined}
      sx={sx}
    >
      {t('datasheet.link')}
    </Button>
  );
}
