import type { UserDto } from '@asbuilt/domain';
import { createContext, useContext } from 'react';

export const CurrentUserContext = createContext<UserDto | null>(null);

/** The signed-in user; only inside routes guarded by RequireAuth. */
export function useCurrentUser(): UserDto {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside RequireAuth');
  return user;
}
