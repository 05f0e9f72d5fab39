/**
 * The file button of an import: "Choose a file", then "Choose another file" with what was chosen
 * beside it; before any choice, a hint of what the file should hold.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function SpreadsheetChooser({
  accept,
  chosen,
  words,
  loading,
  disabled,
  onChoose,
}: {
  accept: string;
  /** What to show beside the button once a file is chosen (its name); null before. */
  chosen: ReactNode | null;
  words: { choose: string; chooseAgain: string; hint: string };
  loading?: boolean;
  disabled?: boolean;
  onChoose: (file: File) => void;
}) {
  const inputId = useId();
  return (
    <Box>
      <input
        id={inputId}
        type="file"
        accept={accept}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<UploadFileIcon />}
        loading={loading}
        disabled={disabled}
      >
        {chosen === null ? words.choose : words.chooseAgain}
      </Button>
      {chosen === null ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {words.hint}
        </Typography>
      ) : (
        <Typography component="span" sx={{ ml: 1.5, overflowWrap: 'anywhere' }}>
          {chosen}
        </Typography>
      )}
    </Box>
  );
}
