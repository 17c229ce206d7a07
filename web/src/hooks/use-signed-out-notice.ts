import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { noticeFor, withoutMarkers } from './signed-out-notice';
import { toast } from './use-toast';

export { ACCOUNT_DELETED_NOTICE, ACCOUNT_DELETED_PARAM, SIGNED_OUT_NOTICE, SIGNED_OUT_PARAM } from './signed-out-notice';

/**
 * After Sign Out or deleting the account: say that it worked, once, and drop the marker so a reload does not
 * say it again.
 */
export function useSignedOutNotice() {
  const [params, setParams] = useSearchParams();
  const notice = noticeFor(params);
  useEffect(() => {
    if (!notice) return;
    toast(notice);
    setParams(withoutMarkers, { replace: true });
  }, [notice, setParams]);
}
