import type { UserDto } from '@asbuilt/domain';

export function fullName(user: Pick<UserDto, 'fname' | 'lname' | 'username' | 'email'>): string {
  const name = [user.fname, user.lname].filter(Boolean).join(' ').trim();
  return name || user.username || user.email;
}

export function initials(user: Pick<UserDto, 'fname' | 'lname' | 'username' | 'email'>): string {
  const letters = [user.fname, user.lname].map((part) => part?.trim()?.[0] ?? '').join('');
  return (letters || (user.username || user.email || '?')[0] || '?').toUpperCase();
}
