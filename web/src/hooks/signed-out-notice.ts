import { useEffect } from 'react';
import { toast } from './use-toast';

// Without the router: the landing page's first script (src/main.tsx) has none (docs/decisions/530).

/** The server's logout lands on '/?signed-out=1' (auth.routes.ts). */
export const SIGNED_OUT_PARAM = 'signed-out';
/** A deleted account lands on '/?account-deleted=1' (features/account/api/delete-account.ts). */
export const ACCOUNT_DELETED_PARAM = 'account-deleted';

export const SIGNED_OUT_NOTICE = { title: 'Signed out', description: 'You have signed out of DC Brief on this device.' };
export const ACCOUNT_DELETED_NOTICE = {
  title: 'Account deleted',
  description: 'Your account and its data are deleted, and you are signed out everywhere. Nothing more will be charged.',
};

/** The notice the address asks for, if any. */
export function noticeFor(params: URLSearchParams) {
  return params.has(ACCOUNT_DELETED_PARAM) ? ACCOUNT_DELETED_NOTICE : params.has(SIGNED_OUT_PARAM) ? SIGNED_OUT_NOTICE : null;
}

export function withoutMarkers(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(SIGNED_OUT_PARAM);
  next.delete(ACCOUNT_DELETED_PARAM);
  return next;
}

/** The same on the landing page's own first script, which runs without the router (src/main.tsx). */
export function useSignedOutNoticeWithoutRouter() {
  useEffect(() => {
    const notice = noticeFor(new URLSearchParams(window.location.search));
    if (!notice) return;
    toast(notice);
    const search = withoutMarkers(new URLSearchParams(window.location.search)).toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }, []);
}
