"use client";
// Focus across a client-side navigation inside the checkout: the page a user leaves by pressing a
// button (the review's "Create swap") asks the next page to put focus on its heading, so keyboard
// and screen-reader users continue from there rather than from the top of the document. Only a
// navigation the user started asks: a page opened from a link, or inside a partner's iframe on
// load, never takes focus by itself.
let pending = false;

/** The next page's heading should take focus when it appears. */
export function focusHeadingOnArrival(): void {
  pending = true;
}

/** Whether this page's heading should take focus now (asked once). */
export function takeHeadingFocus(): boolean {
  const asked = pending;
  pending = false;
  return asked;
}
