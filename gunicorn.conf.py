# gunicorn reads this file from the folder it starts in (Procfile's `web`). Its own limits on the
# request line (4094) and on each header (8190) answer with gunicorn's HTML page, even under /api/;
# these let a request through up to gunicorn's ceiling, so config.middleware.RequestBoundsMiddleware
# refuses an address over 4 KB (414) or headers over 8 KB (431) with the API's JSON error.
limit_request_line = 8190
limit_request_field_size = 16380
