/** Icons by the specification's file classes, documents by kind (core.md section 5). */
import { fileClass } from '@asbuilt/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import ArticleIcon from '@mui/icons-material/Article';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';

const DOCUMENTS: Record<string, SvgIconComponent> = {
  pdf: PictureAsPdfIcon,
  doc: DescriptionIcon,
  docx: DescriptionIcon,
  odt: DescriptionIcon,
  rtf: DescriptionIcon,
  xls: TableChartIcon,
  xlsx: TableChartIcon,
  ods: TableChartIcon,
  csv: TableChartIcon,
  ppt: SlideshowIcon,
  pptx: SlideshowIcon,
  odp: SlideshowIcon,
  txt: ArticleIcon,
  md: ArticleIcon,
  log: ArticleIcon,
};

export function fileIcon(extension: string): SvgIconComponent {
  switch (fileClass(extension)) {
    case 'image':
      return ImageIcon;
    case 'video':
      return MovieIcon;
    case 'audio':
      return AudioFileIcon;
    default:
      return DOCUMENTS[extension.toLowerCase()] ?? InsertDriveFileIcon;
  }
}
