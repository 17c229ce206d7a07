import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from './use-toast';

/** The server's logout lands on '/?signed-out=1' (auth.routes.ts). */
export const SIGNED_OUT_PARAM = 'signed-out';

export const SIGNED_OUT_NOTICE = { title: 'Signed out', description: 'You have signed out of DC Brief on this device.' };

/** After Sign Out: say that it worked, once, and drop the marker so a reload does not say it again. */
export function useSignedOutNotice() {
  const [params, setParams] = useSearchParams();
  const signedOut = params.has(SIGNED_OUT_PARAM);
  useEffect(() => {
    if (!signedOut) return;
    toast(SIGNED_OUT_NOTICE);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGNED_OUT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [signedOut, setParams]);
}
