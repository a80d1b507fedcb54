import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { Schema } from '../api/client';
import type { Action, MeResponse } from '../api/types';
import { activateTeam } from '../team/api';
import { login, logout, register, session as fetchSession } from './api';
import { mayTake, type Owned } from './may-take';

interface Session {
  /** Undefined while the first check runs; null when signed out. */
  me: MeResponse | null | undefined;
  refresh: () => Promise<void>;
  /** Resolves with the service's message when sign-up waits for the mailed link (EMAIL_VERIFICATION=required). */
  signIn: (path: 'login' | 'register', body: Record<string, string>) => Promise<string | undefined>;
  signOut: () => Promise<void>;
  switchTeam: (teamId: string) => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Who is signed in (through the httpOnly session cookie the auth endpoints set) and in which team. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<MeResponse | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    setMe((await fetchSession()).me);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const signIn = useCallback(
    async (path: 'login' | 'register', body: Record<string, string>) => {
      // The form's fields, named as the DTOs' (auth-page.tsx).
      const answer = path === 'register' ? await register(body as Schema<'RegisterDto'>) : await login(body as Schema<'LoginDto'>);
      if ('verificationRequired' in answer) return answer.message;
      await refresh();
      return undefined;
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    const { endSessionUrl } = await logout();
    // A single sign-on session ends at the provider too, which sends the browser back to the sign-in page.
    if (endSessionUrl) window.location.assign(endSessionUrl);
    else setMe(null);
  }, []);

  const switchTeam = useCallback(
    async (teamId: string) => {
      await activateTeam(teamId);
      await refresh();
    },
    [refresh],
  );

  return <SessionContext value={{ me, refresh, signIn, signOut, switchTeam }}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/**
 * Whether the signed-in user's role in the active team may take `action` (on `resource`, whose
 * creator an `own` permission judges by), as the API's permission table says (GET /api/auth/me
 * `permissions`), so that a button shows only where pressing it may work.
 */
export function useCan(): (action: Action, resource?: Owned) => boolean {
  const me = useMe();
  return (action, resource) => mayTake(me, action, resource);
}

/** The signed-in user's session; only for pages behind the sign-in gate. */
export function useMe(): MeResponse {
  const { me } = useSession();
  if (!me) throw new Error('useMe without a signed-in user');
  return me;
}
