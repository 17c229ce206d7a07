import { HttpError } from '../../http/errors.js';

export const paymentsUnavailable = () =>
  new HttpError(503, 'Payments are not available right now. Please try again later.');
