"""/docs works without the internet: Swagger UI's files come from this server."""

from __future__ import annotations


def test_docs_page_loads_swagger_ui_from_this_server(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assert "/docs-static/swagger-ui-bundle.js" in page.text
    assert "/docs-static/swagger-ui.css" in page.text
    assert "cdn." not in page.text and "https://" not in page.text.split("<body>")[0]


def test_swagger_ui_files_are_served(client):
    script = client.get("/docs-static/swagger-ui-bundle.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert len(script.content) > 100_000
    assert client.get("/docs-static/swagger-ui.css").status_code == 200


def test_docs_page_points_at_the_api_description(client):
    assert "'/openapi.json'" in client.get("/docs").text or '"/openapi.json"' in client.get("/docs").text
    assert client.get("/openapi.json").json()["info"]["title"] == "wordindex"


def test_redoc_is_served_from_this_server_too(client):
    page = client.get("/redoc")
    assert page.status_code == 200
    assert "/docs-static/redoc.standalone.js" in page.text and "fonts.googleapis" not in page.text
    assert client.get("/docs-static/redoc.standalone.js").status_code == 200
