import { useEffect } from 'react';
import { PRODUCT_NAME } from '@dcbrief/shared';

/** The tab's title for this page: "<page> · DC Brief", or the product's own line on the landing page. */
export function useDocumentTitle(page: string | null) {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} · Daily data-center intelligence`;
  }, [page]);
}
