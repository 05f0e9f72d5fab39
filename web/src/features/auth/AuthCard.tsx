/** The centred card that frames the public account screens (login, reset, invite, login-as). */
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LogoMark } from '../../components/Logo.tsx';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, children }: Props) {
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
            Asbuilt
          </Typography>
        </Box>
        <Card sx={{ borderRadius: 3, boxShadow: '0 8px 30px rgba(16, 40, 28, 0.08)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.5 : 3 }}>
              {title}
            </Typography>
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
