// The club's lobby: open a new table by its name, then go to its page (which asks for the evening).
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("open-table");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const said = document.getElementById("open-error");
    said.textContent = "";
    const name = document.getElementById("table-name").value.trim();
    let response;
    try {
      response = await fetch(`/api/tables?lang=${document.body.dataset.lang}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
        body: JSON.stringify({ name }),
      });
    } catch (e) { said.textContent = "?"; return; }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) { said.textContent = data.error || String(response.status); return; }
    window.location.href = data.href;
  });
});
