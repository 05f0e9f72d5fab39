/**
 * The buttons of an upload block: Upload (or Change) opens the file picker, Remove when there is
 * something to remove. The caller keeps the upload itself, the layout round the buttons and the
 * preview; while either call runs both buttons wait, the running one with its spinner.
 */
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { Button, type ButtonProps } from '@mui/material';
import { useRef } from 'react';

export interface FileUploadButtonsProps {
  /** The file input's `accept`. */
  accept: string;
  /** Names the (hidden) file input. */
  inputLabel: string;
  onPick: (file: File) => void;
  /** The upload button's words: Upload, Replace, Change… */
  uploadText: string;
  uploading: boolean;
  variant?: ButtonProps['variant'];
  /** Shown when there is something to remove. */
  remove?: { text: string; onClick: () => void; pending?: boolean } | null;
}

export function FileUploadButtons({
  accept,
  inputLabel,
  onPick,
  uploadText,
  uploading,
  variant = 'outlined',
  remove,
}: FileUploadButtonsProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = uploading || Boolean(remove?.pending);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Choosing the same file again must fire again.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button
        variant={variant}
        size="small"
        startIcon={<UploadIcon />}
        loading={uploading}
        loadingPosition="start"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
      >
        {uploadText}
      </Button>
      {remove ? (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          loading={Boolean(remove.pending)}
          loadingPosition="start"
          disabled={busy}
          onClick={remove.onClick}
        >
          {remove.text}
        </Button>
      ) : null}
    </>
  );
}
