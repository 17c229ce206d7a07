import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from './use-toast';

/** The server's logout lands on '/?signed-out=1' (auth.routes.ts). */
export const SIGNED_OUT_PARAM = 'signed-out';
/** A deleted account lands on '/?account-deleted=1' (features/account/api/delete-account.ts). */
export const ACCOUNT_DELETED_PARAM = 'account-deleted';

export const SIGNED_OUT_NOTICE = { title: 'Signed out', description: 'You have signed out of DC Brief on this device.' };
export const ACCOUNT_DELETED_NOTICE = {
  title: 'Account deleted',
  description: 'Your account and its data are deleted, and you are signed out everywhere. Nothing more will be charged.',
};

/**
 * After Sign Out or deleting the account: say that it worked, once, and drop the marker so a reload does not
 * say it again.
 */
export function useSignedOutNotice() {
  const [params, setParams] = useSearchParams();
  const notice = params.has(ACCOUNT_DELETED_PARAM) ? ACCOUNT_DELETED_NOTICE : params.has(SIGNED_OUT_PARAM) ? SIGNED_OUT_NOTICE : null;
  useEffect(() => {
    if (!notice) return;
    toast(notice);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGNED_OUT_PARAM);
        next.delete(ACCOUNT_DELETED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [notice, setParams]);
}
