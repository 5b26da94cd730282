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

  // What the panels' reads wait for: a page whose own content comes first (the player's empire and orders) puts
  // its promise here, so one server answers those reads before the panels' (it answers them one after another).
  CV.panelsAfter = Promise.resolve();

  // A panel's reads of its own address: asked for often (events, a new step, a history caught up), fetched one at a
  // time a moment later, and drawn only when the answer changed, so a form being filled in is not redrawn under the
  // player's fingers. `changes`: the event types that may change the answer; `stateKey(state)`: what of the
  // campaign's state does (a read whenever it differs). Returns {soon, now, shown}: `now()` reads at once (the
  // first read), `shown(answer)` records an answer the panel drew itself (from a POST), so the same one read back
  // is not drawn again.
  // Run a panel's start once every deferred script has run (campaign.js sets CV.api, starmap.js CV.starmap),
  // whatever their order on the page.
  CV.afterScripts = (start) => {
    if (document.readyState === "complete") start();
    else document.addEventListener("DOMContentLoaded", start);
  };

  // What a page reads after a burst of events (a step's results and the next step's opening arrive together): each
  // part asks `CV.soon(read)`, and every read asked for runs in the same moment once the burst is over, so their
  // `CV.read`s travel as one request instead of one per part and timer.
  const due = new Set();
  let dueTimer = null;
  CV.soon = (read) => {
    due.add(read);
    clearTimeout(dueTimer);
    dueTimer = setTimeout(() => {
      const reads = [...due];
      due.clear();
      reads.forEach((r) => r());
    }, 150);
  };

  CV.panelReads = ({fetch, draw, fail, changes = [], stateKey = null}) => {
    const types = new Set(changes);
    let reading = false;
    let again = false;
    let drawn = "";
    let stateSeen = null;
    async function read() {
      if (reading) { again = true; return; }
      reading = true;
      if (stateKey) stateSeen = stateKey(CV.state);  // what it reads covers the state it starts from
      try {
        await CV.panelsAfter;
        const answer = await fetch();
        const text = JSON.stringify(answer);
        if (text !== drawn) { drawn = text; draw(answer); }
      } catch (e) {
        fail(e);
      } finally {
        reading = false;
        if (again) { again = false; soon(); }
      }
    }
    function soon() { CV.soon(read); }
    CV.on("event", (event) => { if (types.has(event.type) && !CV.catchingUp) soon(); });
    // A catch-up that brought nothing newer than the page (the first, on opening it) leaves the answers as read.
    CV.on("caughtup", (seq) => { if (seq > CV.servedSeq) soon(); });
    if (stateKey) {
      CV.on("state", (state) => {
        const key = stateKey(state);
        if (key !== stateSeen) { stateSeen = key; soon(); }
      });
    }
    return {soon, now: read, shown: (answer) => { drawn = JSON.stringify(answer); }};
  };

  CV.el = builder(null);
  CV.svg = builder(SVG);
  CV.http = {
    Error: HttpError,
    get: (path, options) => send("GET", path, undefined, options),
    post: (path, body, options) => send("POST", path, body, options),
    put: (path, body, options) => send("PUT", path, body, options),
    delete: (path, options) => send("DELETE", path, undefined, options),
  };

  // A read of the campaign's `path` ("waiting/", "view/?civ=2"). Reads asked for in the same moment (a page's
  // panels after a step) travel as one request to `reads/`, which answers each as its own address would, and
  // takes at most READS_AT_ONCE (game.api.reads.MAX_READS) addresses: a GM's page with many civilizations asks more.
  const READS_AT_ONCE = 24;
  let asked = null;
  CV.read = (path) => new Promise((resolve, reject) => {
    if (asked === null) {
      asked = [];
      setTimeout(readTogether, 0);
    }
    asked.push({path, resolve, reject});
  });
  function readTogether() {
    const reads = asked;
    asked = null;
    const paths = [...new Set(reads.map((r) => r.path))];
    for (let i = 0; i < paths.length; i += READS_AT_ONCE) {
      const some = new Set(paths.slice(i, i + READS_AT_ONCE));
      readSome(reads.filter((r) => some.has(r.path)), [...some]);
    }
  }
  async function readSome(reads, paths) {
    if (paths.length === 1) {
      CV.http.get(CV.api(paths[0])).then((body) => reads.forEach((r) => r.resolve(body)),
        (error) => reads.forEach((r) => r.reject(error)));
      return;
    }
    try {
      const query = paths.map((p) => `read=${encodeURIComponent(p)}`).join("&");
      const answers = await CV.http.get(CV.api(`reads/?${query}`));
      reads.forEach(({path, resolve, reject}) => {
        const answer = answers[path];
        if (answer.status < 400) resolve(answer.body); else reject(new HttpError(answer.status, answer.body));
      });
    } catch (error) {
      reads.forEach(({reject}) => reject(error));
    }
  }
})();
