import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { noticeFor, withoutMarkers } from './signed-out-notice';
import { toast } from './use-toast';

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
