// The club night's part of the table's page: 分享图片 (the evening's picture, drawn by the server as the terminal
// draws it), the service worker that keeps the page for the home screen, and the offline copy it opens on: marked
// with the time it came, read only, until the server answers again. Words come from the page's ctx JSON, as
// app.js takes them.
"use strict";

(() => {
  const words = () => {
    try { return JSON.parse(document.getElementById("ctx").textContent).words || {}; } catch (e) { return {}; }
  };
  const root = () => document.body.dataset.root || "";

  async function sharePicture(button) {
    const w = words();
    const box = document.getElementById("picture-box");
    const said = document.getElementById("picture-said");
    button.disabled = true;
    said.textContent = "";
    try {
      let response;
      try {
        response = await fetch(`${root()}/api/picture.png?lang=${document.body.dataset.lang}`, { credentials: "same-origin", cache: "no-store" });
      } catch (e) { said.textContent = w.copy_refused || ""; return; }
      if (!response.ok) {
        let reason = String(response.status);
        try { reason = (await response.json()).error || reason; } catch (e) { /* not JSON */ }
        said.textContent = (w.picture_failed || "{reason}").replace("{reason}", reason);
        return;
      }
      const blob = await response.blob();
      const name = response.headers.get("X-File-Name") || "gangci.png";
      const file = new File([blob], name, { type: "image/png" });
      if (navigator.canShare && navigator.canShare({ files: [file] })) {
        try { await navigator.share({ files: [file], title: name }); return; } catch (e) {
          if (e.name === "AbortError") return;  // the person closed the share sheet
        }
      }
      // no Web Share with files (a desktop, an older phone): the image to long-press, and a download
      const url = URL.createObjectURL(blob);
      const img = document.getElementById("picture");
      const link = document.getElementById("picture-download");
      img.src = url;
      link.href = url;
      link.download = name;
      box.hidden = false;
    } finally { button.disabled = false; }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("#share-picture");
    if (button) sharePicture(button);
  });

  // ---- the home screen and the offline copy ------------------------------------------------------------------
  // http://localhost is a secure context; a LAN address over plain http is not, and has no service worker
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(`${root()}/club/sw.js`, { scope: `${root()}/` }).catch(() => {});
  }

  const READ_ONLY = "button, input, select, textarea, summary";
  const ALLOWED = "#copy, #chat-text, #share-picture, #me, #qr > summary, #heard > summary";

  function copyTime(stamp) {
    const when = new Date(stamp);
    if (Number.isNaN(when.getTime())) return "?";
    const time = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    return when.toDateString() === new Date().toDateString() ? time : `${when.toLocaleDateString()} ${time}`;
  }

  function copyMode() {
    const stamp = document.body.dataset.copy;
    if (stamp === undefined) return;
    const w = words();
    const banner = document.getElementById("copy-banner");
    banner.textContent = `${(w.copy_at || "{time}").replace("{time}", copyTime(stamp))} · ${w.copy_refused || ""}`;
    banner.hidden = false;
    document.body.classList.add("copy");
    // every write refused here, in words, before app.js would try the server
    const refuse = (event) => {
      if (document.body.dataset.copy === undefined) return;
      const target = event.target.closest ? event.target.closest(READ_ONLY) : null;
      if (event.type === "submit" || (target && !target.closest(ALLOWED))) {
        event.preventDefault();
        event.stopImmediatePropagation();
        banner.hidden = false;
        banner.scrollIntoView({ block: "nearest" });
      }
    };
    document.addEventListener("click", refuse, true);
    document.addEventListener("submit", refuse, true);
    // the server back: the copy is over (app.js's event stream fetches the evening again, without a reload)
    const timer = setInterval(async () => {
      try {
        const answer = await fetch(`${root()}/part`, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
        if (!answer.ok) return;
      } catch (e) { return; }
      clearInterval(timer);
      delete document.body.dataset.copy;
      document.body.classList.remove("copy");
      banner.hidden = true;
    }, 2000);
  }

  // ---- 我今晚的账: the card of the person this phone said it is (kept on the phone, per table) ----------------
  const ME = () => `gangci-me${root()}`;
  function showMine() {
    const select = document.getElementById("me");
    if (!select) return;
    let mine = "";
    try { mine = localStorage.getItem(ME()) || ""; } catch (e) { /* private mode */ }
    if (![...select.options].some((option) => option.value === mine)) mine = "";
    select.value = mine;
    for (const card of document.querySelectorAll("#money .money")) card.hidden = card.dataset.person !== mine;
  }
  document.addEventListener("change", (event) => {
    if (event.target.id !== "me") return;
    try { localStorage.setItem(ME(), event.target.value); } catch (e) { /* private mode */ }
    showMine();
  });

  document.addEventListener("DOMContentLoaded", () => {
    copyMode();
    showMine();
    const evening = document.getElementById("evening");
    if (evening) new MutationObserver(showMine).observe(evening, { childList: true });  // a refresh: the new card
  });
})();
