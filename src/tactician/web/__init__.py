"""The table in a browser (issue 15): ``tactician serve`` (docs/web.md).

FastAPI on uvicorn, Jinja2 pages and plain ES modules served by the package
itself. Every request goes through ``tactician.table`` (no ruleset is imported
here); fog is applied on the server (``web.fog``) before anything is sent.
"""
