package dev.dbbench.engine;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * A data source that only opens connections, in its own way: credentials given to it are ignored
 * (the connections are those of one database, as dbbench reaches it), and it has no log writer or
 * login timeout of its own.
 */
public abstract class ConnectionSource implements DataSource {

    @Override
    public final Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public final PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public final void setLogWriter(PrintWriter out) {
    }

    @Override
    public final void setLoginTimeout(int seconds) {
    }

    @Override
    public final int getLoginTimeout() {
        return 0;
    }

    @Override
    public final Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public final <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("not a wrapper of " + type.getName());
    }

    @Override
    public final boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
