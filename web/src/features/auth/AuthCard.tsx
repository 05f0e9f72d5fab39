/** The centred card that frames the public account screens (login, reset, invite, login-as). */
import { LANGUAGE_NAMES, type Language } from '@asbuilt/domain';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, Card, CardContent, Menu, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenuItems } from '../../components/LanguageMenuItems.tsx';
import { LogoMark } from '../../components/Logo.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { currentLanguage, setLanguage } from '../../i18n/i18n.ts';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** The signed-out pages let the visitor choose the language (default); login-as does not. */
  languageSwitch?: boolean;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, languageSwitch = true, children }: Props) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
        background: (t) =>
          `radial-gradient(circle at 20% 0%, ${t.palette.primary.light}33 0, transparent 45%), ${t.palette.background.default}`,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3 }}>
          <LogoMark size={40} />
          <Typography variant="h5" component="span" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            {/* i18n-exempt: the product's name is not translated */}
            Asbuilt
          </Typography>
        </Box>
        <Card sx={{ borderRadius: 3, boxShadow: '0 8px 30px rgba(16, 40, 28, 0.08)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: subtitle ? 0.5 : 3 }}>
              <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0 }}>
                {title}
              </Typography>
              {languageSwitch ? <LanguageSwitch /> : null}
            </Box>
            {subtitle ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            ) : null}
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

/**
 * Before sign-in the browser's language decides; this lets the visitor choose another. The choice
 * is kept in local storage and every screen switches at once.
 */
function LanguageSwitch() {
  const { t } = useTranslation('auth');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // useTranslation renders again on a language change: the button and the marked item follow.
  const language = currentLanguage();
  const choose = (next: Language) => {
    setAnchor(null);
    void setLanguage(next);
  };

  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<TranslateIcon fontSize="small" />}
        endIcon={<ArrowDropDownIcon />}
        sx={{ flexShrink: 0, mt: 0.25, color: 'text.secondary', textTransform: 'none' }}
      >
        {/* Named by what it shows (WCAG 2.5.3), after the word that says what it is. */}
        <Box component="span" sx={visuallyHidden}>
          {t('language')}{' '}
        </Box>
        <span lang={language}>{LANGUAGE_NAMES[language]}</span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <LanguageMenuItems current={language} onChoose={choose} />
      </Menu>
    </>
  );
}
