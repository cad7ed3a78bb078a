"""The web app's pages: the shell for every page path, the rules pages and the static files."""
