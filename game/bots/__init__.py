"""Bots: a civilization played by a program through the public, fog-filtered REST API with its own token — what a
player has, and nothing more. `client` talks to the API (in-process or over HTTP), `strategy` decides (pure: the
API's JSON in, orders out), `play` is one turn at a seat. The Celery task `game.tasks.bots_play` plays every seat a
bot holds when a step opens; `manage.py cv_autoplay` plays whole campaigns with them."""
