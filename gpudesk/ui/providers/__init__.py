"""The Providers page: accounts, instances, start/stop/terminate, sessions from instances."""
