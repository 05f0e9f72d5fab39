/** Export the whole schematic as an SVG drawing or a PDF, both made in the browser. */

import type { SchematicDrawing } from '@asbuilt/domain';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, Menu, MenuItem } from '@mui/material';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure } from '../../lib/toast.ts';
import { exportFileName, exportPdf, exportSvg } from './exportSchematic.ts';

interface Props {
  svgRef: RefObject<SVGSVGElement | null>;
  drawing: SchematicDrawing | null;
  /** The file's name, before its extension: the site's and the page's. */
  nameParts: string[];
}

export function ExportMenu({ svgRef, drawing, nameParts }: Props) {
  const { t } = useTranslation('schematics');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (kind: 'svg' | 'pdf') => {
    setAnchor(null);
    const svg = svgRef.current;
    if (!svg || !drawing) return;
    const fileName = exportFileName(nameParts, kind);
    if (kind === 'svg') {
      exportSvg(svg, drawing, fileName);
      return;
    }
    setBusy(true);
    try {
      await exportPdf(svg, drawing, fileName);
    } catch (error) {
      toastFailure(t('export.failed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        disabled={!drawing || busy}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? t('export.working') : t('export.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run('svg')}>{t('export.svg')}</MenuItem>
        <MenuItem onClick={() => void run('pdf')}>{t('export.pdf')}</MenuItem>
      </Menu>
    </>
  );
}
