"""The club night on the table's page: the picture for the group chat (分享图片), the page kept on a phone's home
screen (its manifest, icons and service worker) and each person's own card; its routes sit beside the page's
and pass the same Guard (commands/web/guard.py)."""
