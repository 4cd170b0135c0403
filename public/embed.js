/*
 * Swap Checkout embed: SwapCheckout.mount(element, { src, onEvent, autoResize = true })
 * creates the widget's iframe in `element` and relays its events to `onEvent({ type, payload })`.
 * Messages are accepted only from the iframe itself and only from the widget's own origin.
 * Returns { iframe, destroy }.
 */
(function () {
  "use strict";
  function mount(element, options) {
    if (!element || !options || !options.src)
      throw new Error("SwapCheckout.mount(element, { src }) needs an element and a src");
    var src = new URL(options.src, window.location.href);
    var origin = src.origin;
    var autoResize = options.autoResize !== false;
    var iframe = document.createElement("iframe");
    iframe.src = src.toString();
    iframe.title = options.title || "Swap checkout";
    iframe.style.width = "100%";
    iframe.style.border = "0";
    iframe.style.minHeight = "560px";
    iframe.setAttribute("allow", "clipboard-write");
    iframe.setAttribute("referrerpolicy", "origin");
    element.appendChild(iframe);

    function onMessage(event) {
      if (event.origin !== origin || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== "swap-checkout" || typeof data.type !== "string") return;
      if (data.type === "resize" && autoResize && data.payload && typeof data.payload.height === "number") {
        iframe.style.minHeight = "0";
        iframe.style.height = Math.max(200, Math.ceil(data.payload.height)) + "px";
      }
      if (typeof options.onEvent === "function") options.onEvent({ type: data.type, payload: data.payload || {} });
    }
    window.addEventListener("message", onMessage);
    return {
      iframe: iframe,
      destroy: function () {
        window.removeEventListener("message", onMessage);
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }
  window.SwapCheckout = { mount: mount };
})();
