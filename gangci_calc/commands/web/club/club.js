// The club night's part of the table's page: 分享图片 (the evening's picture, drawn by the server as the terminal
// draws it). Words come from the page's ctx JSON, as app.js takes them.
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
})();
