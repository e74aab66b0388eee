/**
 * Leaves the site for a checkout page (Stripe Checkout, or the offline test-mode page): a full
 * page load, not a route change. Its own module so tests can replace it (jsdom cannot navigate).
 */
export const goTo = (url: string): void => {
  window.location.assign(url)
}
