"use client";
// The checkout's review is a step of its own in the browser's history: Back (a button, a phone's
// back gesture) returns to the form, as the page's own Back does, instead of leaving the checkout.
// Back from the review, focus returns to the button that went there.
import { useCallback, useEffect, useRef, useState } from "react";

/** Marks the history entry the review step adds. */
const REVIEW_MARK = "checkoutReview";

const isReviewEntry = (state: unknown) => !!(state as Record<string, unknown> | null)?.[REVIEW_MARK];

/** `onBackToForm` runs whenever the form returns (keep it stable: it is an effect's dependency). */
export function useReviewHistory(onBackToForm: () => void) {
  const [step, setStep] = useState<"form" | "review">("form");
  const backFromReview = useRef(false);
  /** The form's main button, focused on the way back. */
  const mainButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step !== "form" || !backFromReview.current) return;
    backFromReview.current = false;
    mainButton.current?.focus();
  }, [step]);

  const backToForm = useCallback(() => {
    backFromReview.current = true;
    setStep("form");
    onBackToForm();
  }, [onBackToForm]);

  useEffect(() => {
    function onPopState(event: PopStateEvent) {
      if (isReviewEntry(event.state)) return;
      backToForm();
    }
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [backToForm]);

  /** Opens the review, as a history entry of its own. */
  const openReview = () => {
    window.history.pushState(
      { ...(window.history.state as object | null), [REVIEW_MARK]: true },
      "",
      window.location.href,
    );
    setStep("review");
  };

  /**
   * The page's own Back: the history entry the review added goes too, so the browser's Forward does
   * not lead to a review that is no longer on screen.
   */
  const closeReview = () => {
    if (isReviewEntry(window.history.state)) return window.history.back();
    backToForm();
  };

  return { step, mainButton, openReview, closeReview };
}
