"""The table in a browser (issue 15): ``tactician serve`` (docs/web.md).

FastAPI on uvicorn, Jinja2 pages and plain ES modules served by the package
itself. Every request goes through ``tactician.table`` (no ruleset is imported
here); what a seat is sent is built from what its side knows (``table.sight_log``,
``table.side_log``, ``table.side_asks``), never filtered afterwards.
"""
