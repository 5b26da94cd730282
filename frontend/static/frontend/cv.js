// What every page's scripts share: CV.http, the one way to call the API, and CV.el / CV.svg, the one way to build
// markup (attributes and children, never innerHTML, so nothing a player typed can inject markup).
// Loaded by base.html before any page script; page scripts add their parts to window.CV.
(function () {
  "use strict";
  const CV = (window.CV = window.CV || {});
  const SVG = "http://www.w3.org/2000/svg";
  const RETRIES = 4;  // a call that cannot be repeated safely is never retried

  // One builder for both namespaces: attributes (null, undefined and false leave one out; "on…" adds a listener),
  // then children (strings become text; null and undefined are skipped).
  function builder(namespace) {
    return (tag, attrs = {}, ...children) => {
      const node = namespace ? document.createElementNS(namespace, tag) : document.createElement(tag);
      Object.entries(attrs).forEach(([key, value]) => {
        if (value === null || value === undefined || value === false) return;
        if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : value);
      });
      node.append(...children.filter((child) => child !== null && child !== undefined));
      return node;
    };
  }

  // A refusal or failure as a person reads it: the server's own sentence, and the field it is about.
  class HttpError extends Error {
    constructor(status, data) {
      super((data && data.error) || `The server answered ${status}.`);
      this.name = "HttpError";
      this.status = status;
      this.data = data;
      this.field = (data && data.field) || null;  // e.g. "payload.sector_id"
      this.fields = (data && data.fields) || {};
    }
  }

  const csrfToken = () => (document.querySelector("meta[name=csrf-token]") || {}).content || "";
  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  async function once(method, path, body, keepalive) {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      keepalive,
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken()},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    if (response.status !== 204) {
      try { data = await response.json(); } catch (e) { data = null; }
    }
    if (!response.ok) throw new HttpError(response.status, data);
    return data;
  }

  // A call the network dropped (fetch's TypeError) is sent again after a pause if repeating it is harmless: a read,
  // a PUT or DELETE, or a POST the caller marks idempotent (an order carries its idempotency key).
  async function send(method, path, body, {idempotent = method !== "POST", keepalive = false} = {}) {
    for (let attempt = 0; ; attempt++) {
      try { return await once(method, path, body, keepalive); }
      catch (error) {
        if (!(error instanceof TypeError) || !idempotent || attempt >= RETRIES) throw error;
        await pause(1000 * (attempt + 1));
      }
    }
  }

  CV.el = builder(null);
  CV.svg = builder(SVG);
  CV.http = {
    Error: HttpError,
    get: (path, options) => send("GET", path, undefined, options),
    post: (path, body, options) => send("POST", path, body, options),
    put: (path, body, options) => send("PUT", path, body, options),
    delete: (path, options) => send("DELETE", path, undefined, options),
  };
})();
