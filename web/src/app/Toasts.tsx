/**
 * Where messages appear. Not the top right: the device panel keeps its title and buttons there.
 * On wider screens the bottom left, clear of the sidebar (Exit Site sits at its foot), where no
 * dialog's buttons, no right-hand panel and no pager reach; on phones, where dialogs and the
 * panel fill the screen with their buttons at both ends, at the top just under the header's
 * height, over content rather than a control.
 */
import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from '../layout/theme.ts';
import { useToastHost } from './toastHost.ts';

export function Toasts() {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const host = useToastHost();
  if (!host) return null;
  return createPortal(
    <ToastContainer
      position={phone ? 'top-center' : 'bottom-left'}
      style={phone ? { top: HEADER_HEIGHT + 8 } : { left: SIDEBAR_WIDTH + 16 }}
      limit={4}
      autoClose={3000}
      closeButton
      hideProgressBar
      theme="colored"
    />,
    host,
  );
}
