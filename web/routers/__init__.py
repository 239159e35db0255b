"""The app's routers, one per area: health, the query commands, the games, the page."""
