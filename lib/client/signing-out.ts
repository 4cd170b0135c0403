"use client";
// Sign out ends the session before it leaves the dashboard, so a dashboard read still in flight (or
// revalidated by the navigation) comes back 401. That is the operator's own doing, not a lapsed
// session: the dashboard must not race Sign out to the login page with "your session ended".
let leaving = false;

/** Sign out has begun: 401s from here on are expected. */
export function startSigningOut(): void {
  leaving = true;
}

/** Whether a 401 is Sign out's own (asked by the dashboard before it calls the session lapsed). */
export function isSigningOut(): boolean {
  return leaving;
}

/** A dashboard opened again (signed in anew) treats a 401 as a lapsed session once more. */
export function signedIn(): void {
  leaving = false;
}
