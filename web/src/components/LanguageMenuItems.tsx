/** The three languages as menu items, each named in itself, the current one checked. */
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@asbuilt/domain';
import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';

export function LanguageMenuItems({
  current,
  onChoose,
}: {
  current: Language;
  onChoose: (language: Language) => void;
}) {
  return LANGUAGES.map((language) => {
    const isCurrent = language === current;
    return (
      <MenuItem
        key={language}
        lang={language}
        selected={isCurrent}
        aria-current={isCurrent ? 'true' : undefined}
        onClick={() => onChoose(language)}
      >
        <ListItemIcon>{isCurrent ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
        <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
      </MenuItem>
    );
  });
}
