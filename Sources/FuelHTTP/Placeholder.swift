public enum FuelHTTPModule {}
