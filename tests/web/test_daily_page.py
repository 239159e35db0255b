"""The page of today's puzzle (issue 35): ``GET /daily`` serves it like the other pages, and the home page links it."""

from __future__ import annotations

import re

from wordindex.web.routers.pages import PAGE_HEADERS


def test_daily_answers_the_page_with_the_pages_policy(client):
    page = client.get("/daily")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["content-security-policy"] == PAGE_HEADERS["content-security-policy"]
    assert "<title>Today's puzzle · wordindex</title>" in page.text
    scripts = re.findall(r"<script[^>]*>", page.text)
    assert scripts == ['<script src="/static/common.js">', '<script src="/static/daily.js">']  # none inline
    assert "https://" not in page.text and "http://" not in page.text  # nothing fetched from another host
    for asset in ("/static/daily.js", "/static/daily.css", "/static/boggle.css"):
        assert client.get(asset).status_code == 200


def test_the_home_page_links_todays_puzzle(client):
    home = client.get("/").text
    assert '<a href="/daily">Today\'s puzzle</a>' in home
