/** Goes to another site (the payment provider's checkout): a full page load, not a route. */
export const leaveSite = (url: string): void => window.location.assign(url)
